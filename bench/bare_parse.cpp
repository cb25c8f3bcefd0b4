// The baseline of the benchmark: reads every member of an archive and loads it with pugixml,
// nothing else (what any checker has to do at least).
// Usage: bare_parse ARCHIVE
#include <archive.h>
#include <archive_entry.h>

#include <cstdio>
#include <pugixml.hpp>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bare_parse ARCHIVE\n");
    return 64;
  }
  archive* a = archive_read_new();
  archive_read_support_filter_all(a);
  archive_read_support_format_all(a);
  if (archive_read_open_filename(a, argv[1], 1 << 16) != ARCHIVE_OK) {
    std::fprintf(stderr, "bare_parse: %s\n", archive_error_string(a));
    return 1;
  }
  archive_entry* e;
  std::size_t records = 0, elements = 0;
  std::string data;
  char buffer[1 << 16];
  while (archive_read_next_header(a, &e) == ARCHIVE_OK) {
    data.clear();
    for (;;) {
      la_ssize_t n = archive_read_data(a, buffer, sizeof buffer);
      if (n <= 0) break;
      data.append(buffer, static_cast<std::size_t>(n));
    }
    pugi::xml_document doc;
    if (doc.load_buffer(data.data(), data.size())) elements += doc.document_element() ? 1 : 0;
    ++records;
  }
  archive_read_free(a);
  std::printf("%zu records, %zu parsed\n", records, elements);
  return 0;
}

// The allocation hook of the benchmark: a library preloaded into a run (LD_PRELOAD) that counts
// every call of malloc, calloc, realloc and the aligned allocators (operator new calls malloc)
// in all threads, and at exit writes "allocations N" to the file named by the environment
// variable ALLOC_COUNT_FILE. bench/run.sh divides N by the records checked.
// It forwards to glibc's own entry points (__libc_malloc…), so it needs no dlsym and no
// allocation of its own. Linux with glibc only.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
}

namespace {

std::atomic<unsigned long long> allocations{0};

void count() {
  allocations.fetch_add(1, std::memory_order_relaxed);
}

__attribute__((destructor)) void report() {
  const char* path = std::getenv("ALLOC_COUNT_FILE");
  if (!path) return;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  char line[64];
  int n = std::snprintf(line, sizeof line, "allocations %llu\n", allocations.load());
  if (n > 0) {
    ssize_t written = write(fd, line, static_cast<std::size_t>(n));
    (void)written;
  }
  close(fd);
}

}  // namespace

extern "C" {

void* malloc(std::size_t size) {
  count();
  return __libc_malloc(size);
}

void* calloc(std::size_t n, std::size_t size) {
  count();
  return __libc_calloc(n, size);
}

void* realloc(void* p, std::size_t size) {
  count();
  return __libc_realloc(p, size);
}

void* memalign(std::size_t alignment, std::size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void* aligned_alloc(std::size_t alignment, std::size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  count();
  void* p = __libc_memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

}  // extern "C"

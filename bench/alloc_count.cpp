// The allocation hook of the benchmark: a library preloaded into a run (LD_PRELOAD) that counts
// every call of malloc, calloc, realloc, the aligned allocators and operator new in all threads,
// and at exit writes "allocations N" to the file named by the environment variable
// ALLOC_COUNT_FILE. bench/run.sh divides N by the records checked. It forwards to glibc's own entry
// points (__libc_malloc…), so it needs no dlsym and no allocation of its own; it takes free and the
// rest of the family too, so that every block comes from and goes back to glibc's malloc even in a
// program linked with another allocator (the counts are what is measured here, not the times).
// Linux with glibc only.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void* __libc_valloc(std::size_t);
void* __libc_pvalloc(std::size_t);
void __libc_free(void*);
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

void* valloc(std::size_t size) {
  count();
  return __libc_valloc(size);
}

void* pvalloc(std::size_t size) {
  count();
  return __libc_pvalloc(size);
}

void* reallocarray(void* p, std::size_t n, std::size_t size) {
  std::size_t bytes = 0;
  if (__builtin_mul_overflow(n, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  count();
  return __libc_realloc(p, bytes);
}

void free(void* p) {
  __libc_free(p);
}

void cfree(void* p) {
  __libc_free(p);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  count();
  void* p = __libc_memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

}  // extern "C"

// operator new and delete, every form: a program linked with another allocator may replace
// them too, so the hook takes them as well.
namespace {

void* allocate(std::size_t size, std::size_t alignment = 0) {
  count();
  if (size == 0) size = 1;
  return alignment > alignof(std::max_align_t) ? __libc_memalign(alignment, size)
                                               : __libc_malloc(size);
}

}  // namespace

void* operator new(std::size_t size) {
  void* p = allocate(size);
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new[](std::size_t size) {
  void* p = allocate(size);
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new(std::size_t size, std::align_val_t a) {
  void* p = allocate(size, static_cast<std::size_t>(a));
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new[](std::size_t size, std::align_val_t a) {
  void* p = allocate(size, static_cast<std::size_t>(a));
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return allocate(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept {
  __libc_free(p);
}
void operator delete[](void* p) noexcept {
  __libc_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  __libc_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  __libc_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  __libc_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  __libc_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  __libc_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  __libc_free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  __libc_free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  __libc_free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  __libc_free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  __libc_free(p);
}

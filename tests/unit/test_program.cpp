#include "test_program.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <variant>

namespace atropos::testing {

std::optional<frontend::Program> compileProgram(const std::string& source, frontend::DataModel model) {
  char path[] = "/tmp/atropos-unit-XXXXXX.c";
  int fd = mkstemps(path, 2);
  EXPECT_GE(fd, 0);
  close(fd);
  {
    std::ofstream out(path);
    out << "void reach_error(void);\n"
           "int __VERIFIER_nondet_int(void); unsigned int __VERIFIER_nondet_uint(void);\n"
           "unsigned char __VERIFIER_nondet_uchar(void);\n"
           "_Bool __VERIFIER_nondet_bool(void);\n"
           "long __VERIFIER_nondet_long(void);\n"
           "void __VERIFIER_assume(int);\n"
           "void *malloc(unsigned long); void *calloc(unsigned long, unsigned long);\n"
           "void *realloc(void *, unsigned long); void free(void *); void exit(int); void abort(void);\n"
           "void *memset(void *, int, unsigned long); void *memcpy(void *, const void *, unsigned long);\n"
           "void *memmove(void *, const void *, unsigned long); unsigned long strlen(const char *);\n"
           "int strcmp(const char *, const char *); char *strcpy(char *, const char *);\n"
           "char *strncpy(char *, const char *, unsigned long);\n"
        << source;
  }
  frontend::Options options;
  options.dataModel = model;
  auto loaded = frontend::load(path, options, Deadline::in(std::chrono::seconds(30)));
  unlink(path);
  if (auto* failure = std::get_if<frontend::LoadFailure>(&loaded)) {
    ADD_FAILURE() << failure->message << "\n" << failure->diagnostics;
    return std::nullopt;
  }
  return std::move(std::get<frontend::Program>(loaded));
}

}  // namespace atropos::testing

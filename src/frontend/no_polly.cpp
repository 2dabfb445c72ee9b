// clang's code generator hands every LLVM extension that LLVM was configured with (llvm/Support/Extension.def, which
// names Polly on Debian) to each pass builder it makes. Debian ships Polly only inside the shared libLLVM, which
// Atropos does not link (src/CMakeLists.txt says why), so this is Polly's entry point with nothing to register: the
// frontend runs no optimisation that Polly could join.
#include <llvm/Config/llvm-config.h>
#include <llvm/Passes/PassPlugin.h>

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", LLVM_VERSION_STRING, [](llvm::PassBuilder&) {}};
}

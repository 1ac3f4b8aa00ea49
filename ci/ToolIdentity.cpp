#include "ci/ToolIdentity.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"

#if defined(__linux__)
#include <elf.h>
#include <link.h>
#endif

using namespace llvm;

namespace kharden {

std::string toolVersion() { return "kharden " KHARDEN_VERSION; }

#if defined(__linux__)
/// The NT_GNU_BUILD_ID note of the main executable (the first object
/// dl_iterate_phdr visits), as hex; empty if it has none.
static std::string gnuBuildId() {
  std::string Id;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Out) -> int {
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
          if (Ph.p_type != PT_NOTE)
            continue;
          const char *P =
              reinterpret_cast<const char *>(Info->dlpi_addr + Ph.p_vaddr);
          const char *End = P + Ph.p_memsz;
          while (P + sizeof(ElfW(Nhdr)) <= End) {
            const auto *N = reinterpret_cast<const ElfW(Nhdr) *>(P);
            const char *Name = P + sizeof(ElfW(Nhdr));
            const char *Desc = Name + alignTo(N->n_namesz, 4);
            if (N->n_type == NT_GNU_BUILD_ID && N->n_namesz == 4 &&
                StringRef(Name, 3) == "GNU" && Desc + N->n_descsz <= End) {
              *static_cast<std::string *>(Out) =
                  toHex(StringRef(Desc, N->n_descsz), true);
              return 1;
            }
            P = Desc + alignTo(N->n_descsz, 4);
          }
        }
        return 1; // only the main executable
      },
      &Id);
  return Id;
}
#else
static std::string gnuBuildId() { return ""; }
#endif

std::string toolBuild() {
  static const std::string Build = [] {
    std::string Id = gnuBuildId();
    if (!Id.empty())
      return toolVersion() + " build-id " + Id;
    std::string Exe = sys::fs::getMainExecutable("kharden", (void *)&toolBuild);
    sys::fs::file_status St;
    if (!sys::fs::status(Exe, St))
      return toolVersion() + " " + Exe + " size " +
             std::to_string(St.getSize()) + " mtime " +
             std::to_string(sys::toTimeT(St.getLastModificationTime()));
    return toolVersion() + " " + Exe;
  }();
  return Build;
}

} // namespace kharden

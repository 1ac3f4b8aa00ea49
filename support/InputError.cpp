#include "support/InputError.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace kharden {

char InputError::ID;

void InputError::log(raw_ostream &OS) const {
  OS << File;
  if (Line)
    OS << ':' << Line << ':' << Column;
  OS << ": " << Reason;
}

Expected<std::unique_ptr<MemoryBuffer>> readInputFile(StringRef Path) {
  if (sys::fs::is_directory(Path))
    return make_error<InputError>(Path.str(), "is a directory, not a file");
  auto BufOrErr = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!BufOrErr)
    return make_error<InputError>(Path.str(), BufOrErr.getError().message());
  return std::move(*BufOrErr);
}

void reportErrors(Error E) {
  handleAllErrors(std::move(E), [](const ErrorInfoBase &EI) {
    WithColor::error(errs(), "kharden") << EI.message() << '\n';
  });
}

void reportWarning(const Twine &Message) {
  WithColor::warning(errs(), "kharden") << Message << '\n';
}

} // namespace kharden

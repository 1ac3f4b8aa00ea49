#include "support/PrintableText.h"

#include "llvm/Support/ConvertUTF.h"

namespace kharden {

/// U+FFFD REPLACEMENT CHARACTER.
static const char Replacement[] = "\xEF\xBF\xBD";

std::string printableText(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  const auto *Bytes = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C < 0x80) {
      bool Control = (C < 0x20 && C != '\t' && C != '\n') || C == 0x7F;
      Out += Control ? Replacement : std::string(1, char(C));
      ++I;
      continue;
    }
    unsigned Length = llvm::getNumBytesForUTF8(C);
    bool Legal = I + Length <= Text.size() &&
                 llvm::isLegalUTF8Sequence(Bytes + I, Bytes + I + Length);
    // C1 controls (U+0080..U+009F, CSI among them) are legal UTF-8 but act
    // on terminals like ESC sequences.
    bool C1 = Legal && C == 0xC2 && (unsigned char)Text[I + 1] < 0xA0;
    if (!Legal || C1) {
      Out += Replacement;
      I += Legal ? Length : 1;
      continue;
    }
    Out.append(Text.data() + I, Length);
    I += Length;
  }
  return Out;
}

} // namespace kharden

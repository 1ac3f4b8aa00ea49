#include "frontend/Progress.h"

#include "ci/PathGlob.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace kharden {

ProgressLine::ProgressLine(raw_ostream &OS, size_t Total, bool Enabled,
                           unsigned Columns)
    : OS(OS), Total(Total), Enabled(Enabled && Total > 0), Columns(Columns),
      Start(std::chrono::steady_clock::now()) {}

std::string ProgressLine::duration(double Seconds) {
  auto S = uint64_t(Seconds + 0.5);
  if (S >= 3600)
    return formatv("{0}:{1,0+2}:{2,0+2}", S / 3600, S / 60 % 60, S % 60);
  return formatv("{0}:{1,0+2}", S / 60, S % 60);
}

void ProgressLine::finished(StringRef File) {
  if (!Enabled)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  ++Done;
  double Elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  double Eta = Elapsed / Done * (Total - Done);
  SmallString<128> Cwd;
  sys::fs::current_path(Cwd);
  StringRef Shown = File;
  if (std::optional<StringRef> Rel = relativeTo(File, Cwd))
    Shown = *Rel;
  std::string Head = formatv("[{0}/{1}] ", Done, Total);
  std::string Tail =
      formatv("  {0} elapsed, ETA {1}", duration(Elapsed), duration(Eta));
  // Keep the counts and times; shorten the path from the left.
  size_t Fixed = Head.size() + Tail.size() + 1;
  if (Columns && Fixed + Shown.size() > Columns && Columns > Fixed + 3) {
    Shown = Shown.take_back(Columns - Fixed - 3);
    Head += "...";
  }
  OS << '\r' << Head << Shown << Tail << "\x1b[K";
  OS.flush();
  Visible = true;
}

void ProgressLine::clear() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Visible)
    return;
  OS << "\r\x1b[K";
  OS.flush();
  Visible = false;
}

} // namespace kharden

//===- models/kstack/Scheme.h - a per-syscall stack offset scheme -*- C++
//-*-===//
//
// The parameters of one CONFIG_RANDOMIZE_KSTACK_OFFSET scheme, as a scheme
// file (`kind: stack-offset`, docs/models/scheme-format.md) states them: where
// the offset lives, where and in what context it is refilled and consumed,
// the fresh random input, how it is mixed in, KSTACK_OFFSET_MAX and the
// compiler's alloca rounding.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_SCHEME_H
#define KHARDEN_MODELS_KSTACK_SCHEME_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kharden::kstack {

/// Where the offset (or the generator producing it) lives.
enum class Storage {
  PerCpu,     ///< DEFINE_PER_CPU(u32, kstack_offset), v5.13 .. v7.0
  PerTask,    ///< current->kstack_offset, the stable fix
  PerCpuPrng, ///< a per-CPU generator state drawn at use, v7.1
};

/// Where the next offset is chosen (choose_random_kstack_offset()).
enum class RefillSite {
  SyscallExit,       ///< at the end of the syscall only (arm64, powerpc)
  EveryReturnToUser, ///< on every return to user mode, interrupts too (x86)
  FusedWithConsume,  ///< in the same region as the consume, at entry
};

/// The execution context of a consume or a refill.
enum class Context {
  Preemptible, ///< the task may be preempted and migrated in between
  PreemptOff,  ///< preemption (so migration) disabled, e.g. get_cpu_var()
  IrqsOff,     ///< interrupts disabled
};

/// Where the fresh random input of a refill comes from.
enum class RandomSource {
  Crng,  ///< get_random_*(): every bit unknown to the attacker
  Timer, ///< rdtsc(), get_tod_clock_fast(), ...: only the low bits unknown
  Prng,  ///< a seeded generator (storage: per-cpu-prng)
};

/// How the fresh input is combined with the stored offset.
enum class Mix {
  Xor,      ///< offset ^= rand (v5.13 .. v6.8)
  Ror32Xor, ///< offset = ror32(offset, rotate) ^ rand (v6.9 ..)
  None,     ///< offset = rand (a generator drawn at use)
};

enum class Generator { None, Lfsr113 };

struct ConsumeSpec {
  Context Ctx = Context::IrqsOff;
};

struct RefillSpec {
  RefillSite Site = RefillSite::SyscallExit;
  Context Ctx = Context::Preemptible;
};

struct RandomSpec {
  RandomSource Source = RandomSource::Crng;
  /// The kernel expression, for reports ("rdtsc() & 0xFF").
  std::string Expression;
  /// Width of the fresh input (at most 32: it is mixed into a u32).
  unsigned Bits = 32;
  /// How many of its low bits the attacker does not know (timer sources);
  /// all of them for crng.
  unsigned UnknownBits = 32;
  Generator Gen = Generator::None;
};

struct MixSpec {
  Mix Op = Mix::Ror32Xor;
  /// The ror32() rotation; meaningful for ror32-xor only.
  unsigned Rotate = 5;
};

/// The compiler's alloca rounding: size = (n + Add) & ~(Align - 1).
struct AllocaSpec {
  unsigned Add = 15;
  unsigned Align = 16;
};

struct StackOffsetScheme {
  std::string Name;
  std::string Title;
  std::string Kernel;
  std::string Arch;
  /// Where each parameter comes from (source files, commits, threads).
  std::vector<std::string> Sources;

  Storage Where = Storage::PerCpu;
  ConsumeSpec Consume;
  RefillSpec Refill;
  RandomSpec Random;
  MixSpec Mixing;
  /// KSTACK_OFFSET_MAX(x) = x & OffsetMask.
  uint32_t OffsetMask = 0x3FF;
  AllocaSpec Alloca;

  /// The consume and the refill are one region no migration can split.
  bool fusedAtomically() const {
    return Refill.Site == RefillSite::FusedWithConsume &&
           Refill.Ctx != Context::Preemptible &&
           Consume.Ctx != Context::Preemptible;
  }
  /// The number of fresh input bits unknown to the attacker.
  unsigned unknownBits() const {
    return Random.Source == RandomSource::Crng ? Random.Bits
                                               : Random.UnknownBits;
  }
};

/// Reads and validates a `kind: stack-offset` scheme file; every problem is
/// an InputError with file, line and column.
llvm::Expected<StackOffsetScheme> readStackOffsetScheme(llvm::StringRef Path);

/// Writes Scheme as a scheme file that readStackOffsetScheme() reads back.
void writeStackOffsetScheme(llvm::raw_ostream &OS,
                            const StackOffsetScheme &Scheme);

/// Spellings used in scheme files and reports ("per-cpu", "irqs-off", ...).
llvm::StringRef spelling(Storage S);
llvm::StringRef spelling(RefillSite S);
llvm::StringRef spelling(Context C);
llvm::StringRef spelling(RandomSource S);
llvm::StringRef spelling(Mix M);
llvm::StringRef spelling(Generator G);

} // namespace kharden::kstack

#endif

//===- models/scheme/SchemeDocument.h - read a scheme file, report all -*- C++
//-*-===//
//
// Every scheme reader maps its document with LLVM's YAML I/O, which stops at
// the first problem and cannot name the key a typo was meant to be: a
// misspelled required key reads as "missing required key" at the mapping.
// readSchemeDocument() reads one scheme file so that the user sees every
// problem at once, each on its own line (FILE:LINE:COL: reason):
//  - a second YAML document in the file;
//  - every key its mapping does not know, with the closest known key
//    suggested ("unknown key 'mixx'; did you mean 'mix'?"), and every
//    required key that is missing (unless a typo already explains it);
//  - then what YAML I/O finds with the unknown keys removed: bad values and
//    inconsistent fields, continuing past each one in an optional key.
// The keys each mapping knows come from the reader's own YAML I/O traits
// (KeyRecorder walks them without a document), so they cannot drift from
// what the reader accepts.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SCHEME_SCHEMEDOCUMENT_H
#define KHARDEN_MODELS_SCHEME_SCHEMEDOCUMENT_H

#include "support/InputError.h"
#include "support/YamlFile.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/YAMLTraits.h"

#include <map>
#include <string>
#include <vector>

namespace kharden {

/// The keys a YAML I/O mapping asks for, by the path of the mapping in the
/// document ("" for the document, "refill", "evaluate/leak/[]" for the
/// elements of a sequence).
class KeyVocabulary {
public:
  struct Key {
    std::string Name;
    bool Required = false;
  };
  void add(const std::string &Path, llvm::StringRef Name, bool Required);
  /// The keys of the mapping at Path; null when no mapping is read there.
  const std::vector<Key> *at(const std::string &Path) const;

private:
  std::map<std::string, std::vector<Key>> Keys;
};

namespace detail {

/// Walks a type's YAML I/O traits in input mode without reading anything:
/// every key is "present", every sequence has one element, every scalar is
/// rejected (so values stay as constructed), and each key asked for is
/// recorded with its path. It is a yaml::Input over "{}" because YAML I/O
/// casts its IO to Input to read an optional key.
class KeyRecorder : public llvm::yaml::Input {
public:
  KeyRecorder();
  KeyVocabulary take() { return std::move(Keys); }

private:
  bool outputting() const override { return false; }
  bool mapTag(llvm::StringRef, bool) override { return false; }
  void beginMapping() override {}
  void endMapping() override {}
  bool preflightKey(const char *Key, bool Required, bool, bool &UseDefault,
                    void *&) override;
  void postflightKey(void *) override { Path.pop_back(); }
  std::vector<llvm::StringRef> keys() override { return {}; }
  void beginFlowMapping() override {}
  void endFlowMapping() override {}
  unsigned beginSequence() override { return 1; }
  void endSequence() override {}
  bool preflightElement(unsigned, void *&) override;
  void postflightElement(void *) override { Path.pop_back(); }
  unsigned beginFlowSequence() override { return 1; }
  bool preflightFlowElement(unsigned I, void *&S) override {
    return preflightElement(I, S);
  }
  void postflightFlowElement(void *S) override { postflightElement(S); }
  void endFlowSequence() override {}
  void beginEnumScalar() override {}
  bool matchEnumScalar(const char *, bool) override { return false; }
  bool matchEnumFallback() override { return false; }
  void endEnumScalar() override {}
  bool beginBitSetScalar(bool &) override { return false; }
  bool bitSetMatch(const char *, bool) override { return false; }
  void endBitSetScalar() override {}
  void scalarString(llvm::StringRef &S, llvm::yaml::QuotingType) override {
    S = "";
  }
  void blockScalarString(llvm::StringRef &S) override { S = ""; }
  void scalarTag(std::string &) override {}
  llvm::yaml::NodeKind getNodeKind() override {
    return llvm::yaml::NodeKind::Map;
  }
  void setError(const llvm::Twine &) override {}
  bool canElideEmptySequence() override { return false; }

  std::string path() const;

  std::vector<std::string> Path;
  KeyVocabulary Keys;
};

/// readSchemeDocument() without the type: Map maps a (possibly edited) copy
/// of the text with YAML I/O and returns its first error.
llvm::Error
readSchemeText(llvm::StringRef Path, llvm::MemoryBufferRef Text,
               const KeyVocabulary &Keys,
               llvm::function_ref<llvm::Error(llvm::MemoryBufferRef)> Map);

} // namespace detail

/// The keys T's YAML I/O traits read, mapping by mapping.
template <typename T> KeyVocabulary keyVocabulary() {
  detail::KeyRecorder Recorder;
  T Value{};
  llvm::yaml::EmptyContext Ctx;
  llvm::yaml::yamlize(Recorder, Value, true, Ctx);
  return Recorder.take();
}

/// Reads the scheme file at Path, one YAML document, into Out; on failure
/// every problem found, each an InputError (see above).
template <typename T>
llvm::Error readSchemeDocument(llvm::StringRef Path, T &Out) {
  auto Buffer = readInputFile(Path);
  if (!Buffer)
    return Buffer.takeError();
  static const KeyVocabulary Keys = keyVocabulary<T>();
  return detail::readSchemeText(Path, (*Buffer)->getMemBufferRef(), Keys,
                                [&](llvm::MemoryBufferRef Text) {
                                  Out = T();
                                  return parseYaml(Text, Path, Out);
                                });
}

} // namespace kharden

#endif

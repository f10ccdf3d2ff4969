// File front end of the hybrid: the output staged (output_files.hpp) and
// renamed onto its target only on success.
#include "pqmul/schemes/hybrid/files.hpp"

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "pqmul/schemes/common/input_files.hpp"
#include "pqmul/schemes/common/output_files.hpp"

namespace pqmul::hybrid {
namespace {

// I/O failures inside the stream functions surface as FileError.
template <class F>
void with_files(const std::filesystem::path& input, const std::filesystem::path& output,
                std::vector<std::filesystem::path> other_inputs, F&& body) {
  try {
    require_streamable_file(input, "input");
    other_inputs.push_back(input);
    OutputFiles out(std::move(other_inputs));
    std::ostream& sink = out.add(output, OutputFiles::Access::owner_only);
    std::ifstream in(input, std::ios::binary);
    if (!in) throw FileError("cannot read input '" + input.string() + "'");
    body(in, sink);
    out.commit();
  } catch (const InputFileError& e) {
    throw FileError(e.what());
  } catch (const OutputFileError& e) {
    throw FileError(e.what());
  } catch (const OpenError&) {
    throw;
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const FileError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw FileError(std::string(e.what()) + " ('" + input.string() + "' -> '" + output.string() + "')");
  }
}

}  // namespace

void seal_file(const Kem& kem, std::span<const std::uint8_t> public_key, const std::filesystem::path& input,
               const std::filesystem::path& output, RandomSource& rng, std::vector<std::filesystem::path> key_files) {
  with_files(input, output, std::move(key_files),
             [&](std::istream& in, std::ostream& out) { seal(kem, public_key, in, out, rng); });
}

void open_file(const Kem& kem, std::span<const std::uint8_t> secret_key, const std::filesystem::path& input,
               const std::filesystem::path& output, std::vector<std::filesystem::path> key_files) {
  with_files(input, output, std::move(key_files),
             [&](std::istream& in, std::ostream& out) { open(kem, secret_key, in, out); });
}

}  // namespace pqmul::hybrid

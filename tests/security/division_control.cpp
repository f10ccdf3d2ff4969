// The control of the division scan (no_secret_division.py): a function named
// like KEM code that divides, which the scan must report. Never run.
namespace pqmul::kyber {
int secret_quotient(int secret, int divisor) { return secret / divisor; }
}  // namespace pqmul::kyber

int main(int argc, char**) { return pqmul::kyber::secret_quotient(1000, argc); }

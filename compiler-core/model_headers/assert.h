// Model <assert.h> for the Syclone device pass: the C names, in the global namespace.
#include <cassert>

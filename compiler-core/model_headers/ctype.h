// Model <ctype.h> for the Syclone device pass: the C names, in the global namespace.
#pragma once
#include <cctype>

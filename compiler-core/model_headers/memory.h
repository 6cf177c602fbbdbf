// Model <memory.h> for the Syclone device pass: glibc's old name for <string.h>.
#pragma once
#include <string.h>

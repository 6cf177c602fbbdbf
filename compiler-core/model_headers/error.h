// Model <error.h> (GNU) for the Syclone device pass: declarations only.
#pragma once
extern int error_message_count;
void error(int status, int errnum, const char* format, ...);
void error_at_line(int status, int errnum, const char* filename, unsigned int linenum, const char* format, ...);

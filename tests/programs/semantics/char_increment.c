/* c++ on an unsigned char wraps from 255 to 0 in C, so the loop never ends. With mathematical integers (termcomp)
   256 is beyond what a char holds in either signedness, where the reading gives the value nothing: the answer there
   may be UNKNOWN, never TRUE. clang writes c++ on a char as an 8-bit addition, with no conversion after it. */
int main(void) {
  unsigned char c = 0;
  while (c < 256) {
    c++;
  }
  return 0;
}

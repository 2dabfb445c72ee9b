// Compiled as if it were part of bmc, this file includes a private header of symex. The build must fail: a component
// sees only the public headers (`include/<component>/`) of the components it links.
#include "symex/state.h"

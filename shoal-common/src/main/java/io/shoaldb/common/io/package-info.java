/** File access behind a facade (so faults can be injected), fsync discipline, crash-safe replacement and checksums. */
package io.shoaldb.common.io;

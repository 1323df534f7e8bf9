/** The server's memory pool ({@code mem_limit}), which loads and queries share. */
package io.shoaldb.common.memory;

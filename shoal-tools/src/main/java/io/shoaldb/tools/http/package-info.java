/** The HTTP client the tools send Stream Loads with. */
package io.shoaldb.tools.http;

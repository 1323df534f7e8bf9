/** streamloader: splits files into Stream Load requests and sends them in parallel, like doris-streamloader. */
package io.shoaldb.tools.streamloader;

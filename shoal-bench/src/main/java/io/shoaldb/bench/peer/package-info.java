/** Launchers for peer databases that the bench/*.sh harnesses compare ShoalDB with. */
package io.shoaldb.bench.peer;

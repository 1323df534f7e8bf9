/** Query control against a real server: KILL, SHOW PROCESSLIST, hang-up cancellation, admission. */
package io.shoaldb.testing.control;

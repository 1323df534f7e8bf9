/** The one error catalogue: every user-visible error has a MySQL number, a SQLSTATE and a message template here. */
package io.shoaldb.common.error;

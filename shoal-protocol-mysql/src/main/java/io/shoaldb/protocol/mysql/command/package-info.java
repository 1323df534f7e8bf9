/** The command phase: dispatches COM_* packets of one connection to its Session, one at a time. */
package io.shoaldb.protocol.mysql.command;

// Lists a database's tables and a table's columns the way Node applications do with mysql2: through
// information_schema, with placeholders (mysql2 sends them as a server-side prepared statement with execute()).
// Prints one line per answer, "name<TAB>value" with list items joined by "|"; usage: node list-metadata.js <port> <database> <table>
const mysql = require('mysql2/promise');

async function main() {
  const [port, database, table] = process.argv.slice(2);
  const connection = await mysql.createConnection({host: '127.0.0.1', port: Number(port), user: 'root', password: '', database});
  try {
    const [tables] = await connection.query(
      'SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name',
      [database]);
    const [columns] = await connection.execute(
      'SELECT column_name AS name, column_type AS type, is_nullable AS nullable, column_key AS `key` ' +
      'FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position',
      [database, table]);
    const [shown] = await connection.query('SHOW FULL COLUMNS FROM ' + connection.escapeId(table));
    const result = {
      tables: tables.map(t => t.name + ':' + t.type),
      columns: columns.map(c => [c.name, c.type, c.nullable, c.key].join(' ')),
      shownColumns: shown.map(c => c.Field),
    };
    for (const [name, values] of Object.entries(result)) {
      console.log(name + '\t' + values.join('|'));
    }
  } finally {
    await connection.end();
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});

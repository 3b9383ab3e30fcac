// Creates a fresh, empty PostgreSQL database for a test run and prints its URL;
// with --drop URL, drops that database again.
// Usage: node scripts/fresh-pg-db.mjs [admin-url]   (default postgres://postgres@127.0.0.1:5432/postgres)
//        node scripts/fresh-pg-db.mjs --drop <database-url> [admin-url]
import pg from 'pg';

const args = process.argv.slice(2);
const drop = args[0] === '--drop' ? args[1] : undefined;
const admin = (drop ? args[2] : args[0]) ?? process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: admin });
await client.connect();
try {
  if (drop) {
    const name = new URL(drop).pathname.slice(1);
    if (!/^chatdr_ci_\w+$/.test(name)) throw new Error(`refusing to drop ${name}: not a test database`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    const name = `chatdr_ci_${Date.now().toString(36)}_${process.pid}`;
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    process.stdout.write(`${url.toString()}\n`);
  }
} finally {
  await client.end();
}

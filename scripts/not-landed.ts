// A root script whose issue has not landed yet says so and fails, instead of pretending to work.
const [script = 'this script', issue = '?'] = process.argv.slice(2);
console.error(`pnpm ${script}: not available yet; it lands with issue #${issue}.`);
process.exit(1);

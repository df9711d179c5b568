// A judging thread for live-thread.test.ts that ends as soon as it is given an exchange.
export default function judge({ request }) {
  if (request !== undefined) process.exit(3);
  return null;
}

// Placeholder until this page is built: says so rather than pretending.
export default function Deploy() {
  return <h1 className="text-xl font-semibold">Deploy (not built yet)</h1>;
}

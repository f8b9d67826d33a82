// Placeholder until this page is built: says so rather than pretending.
export default function Runs() {
  return <h1 className="text-xl font-semibold">Runs (not built yet)</h1>;
}

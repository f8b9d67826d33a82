// Placeholder until this page is built: says so rather than pretending.
export default function Nodes() {
  return <h1 className="text-xl font-semibold">Nodes (not built yet)</h1>;
}

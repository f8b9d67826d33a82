// Placeholder until this page is built: says so rather than pretending.
export default function Tune() {
  return <h1 className="text-xl font-semibold">Tune (not built yet)</h1>;
}

// Placeholder until this page is built: says so rather than pretending.
export default function Model() {
  return <h1 className="text-xl font-semibold">Model (not built yet)</h1>;
}

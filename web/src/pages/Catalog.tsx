// Placeholder until this page is built: says so rather than pretending.
export default function Catalog() {
  return <h1 className="text-xl font-semibold">Catalog (not built yet)</h1>;
}

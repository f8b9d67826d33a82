// Placeholder until this page is built: says so rather than pretending.
export default function Upgrade() {
  return <h1 className="text-xl font-semibold">Upgrade (not built yet)</h1>;
}

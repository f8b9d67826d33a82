// Placeholder until this page is built: says so rather than pretending.
export default function Setup() {
  return <h1 className="text-xl font-semibold">Setup (not built yet)</h1>;
}

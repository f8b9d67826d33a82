// Placeholder until this page is built: says so rather than pretending.
export default function SiteProfile() {
  return <h1 className="text-xl font-semibold">SiteProfile (not built yet)</h1>;
}

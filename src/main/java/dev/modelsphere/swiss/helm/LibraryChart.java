package dev.modelsphere.swiss.helm;

/**
 * A chart as the Helm library takes it, the Java twin of {@code ChartRef} in {@code
 * native/helm/calls.go}: a path on disk, or an OCI reference with its version.
 *
 * @param digest the sha256 an OCI chart's archive must have; empty takes it as pulled
 */
record LibraryChart(String path, String oci, String version, boolean plainHttp, String digest) {

  static LibraryChart onDisk(String path) {
    return new LibraryChart(path, "", "", false, "");
  }

  static LibraryChart oci(ChartLocation chart, String digest) {
    return new LibraryChart("", chart.ociReference(), chart.version(), chart.plainHttp(), digest);
  }
}

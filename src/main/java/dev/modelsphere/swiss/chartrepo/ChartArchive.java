package dev.modelsphere.swiss.chartrepo;

import java.nio.file.Path;

/**
 * A packaged chart fetched from a repository into the local cache.
 *
 * @param file the archive on disk; its bytes have {@code digest}
 * @param digest {@code sha256:<hex>} of the archive, as {@link ChartDigest} writes it
 */
public record ChartArchive(Path file, String digest) {}

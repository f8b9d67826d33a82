package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import io.fabric8.kubernetes.api.model.Secret;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * What a row shows of one stored helm revision; the manifest and values are not kept.
 *
 * @param chart {@code <name>-<version>}
 * @param updated when helm deployed it, RFC 3339 UTC to the second; empty when unknown
 * @param unreadable why the payload could not be decoded; empty when it could
 */
record HelmRevision(int revision, String status, String chart, String updated, String unreadable) {

  static HelmRevision of(Secret secret) {
    ReleaseRecord record = ReleaseStorage.decode(secret);
    return new HelmRevision(
        record.revision(),
        record.status(),
        record.chart(),
        utc(record.lastDeployed()),
        record.decodeError());
  }

  /** An RFC 3339 time with any offset and fraction, as UTC to the second; empty if unparseable. */
  static String utc(String time) {
    if (time == null || time.isEmpty()) {
      return "";
    }
    try {
      return OffsetDateTime.parse(time).toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
    } catch (DateTimeParseException e) {
      return "";
    }
  }
}

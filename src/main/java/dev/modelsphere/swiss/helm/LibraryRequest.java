package dev.modelsphere.swiss.helm;

import java.util.List;

/**
 * One call of the Helm library: the Java twin of {@code Request} in {@code native/helm/calls.go},
 * field for field ({@code BoundaryTwinsTest} holds them to {@code native/helm/boundary.txt}). Each
 * operation reads the fields it needs; the others stay at zero, which the library reads as unset.
 *
 * @param apiServerSilenceMillis how long a request to the API server may go unanswered; 0 for ever
 * @param callId names the call for {@link HelmLibrary#cancel}; 0 cannot be cancelled
 * @param deadlineMillis how long the whole call may take; 0 for ever
 */
record LibraryRequest(
    String op,
    LibraryChart chart,
    String release,
    String namespace,
    List<String> valueFiles,
    String kubeConfig,
    boolean createNamespace,
    boolean forceConflicts,
    int maxHistory,
    int revision,
    boolean allValues,
    String destination,
    boolean newRelease,
    long apiServerSilenceMillis,
    long callId,
    long deadlineMillis) {

  LibraryRequest {
    valueFiles = List.copyOf(valueFiles);
  }

  /** A call of {@code op}; every field the operation does not set stays at zero. */
  static Builder of(String op) {
    return new Builder(op);
  }

  /** The call's id and deadline, set last, just before it is sent. */
  LibraryRequest bounded(long id, long deadline) {
    Builder b = new Builder(op);
    b.chart = chart;
    b.release = release;
    b.namespace = namespace;
    b.valueFiles = valueFiles;
    b.kubeConfig = kubeConfig;
    b.createNamespace = createNamespace;
    b.forceConflicts = forceConflicts;
    b.maxHistory = maxHistory;
    b.revision = revision;
    b.allValues = allValues;
    b.destination = destination;
    b.newRelease = newRelease;
    b.apiServerSilenceMillis = apiServerSilenceMillis;
    b.callId = id;
    b.deadlineMillis = deadline;
    return b.build();
  }

  /** Gathers a request's fields; a call sets only those its operation reads. */
  static final class Builder {
    private final String op;
    LibraryChart chart;
    String release = "";
    String namespace = "";
    List<String> valueFiles = List.of();
    String kubeConfig = "";
    boolean createNamespace;
    boolean forceConflicts;
    int maxHistory;
    int revision;
    boolean allValues;
    String destination = "";
    boolean newRelease;
    long apiServerSilenceMillis;
    long callId;
    long deadlineMillis;

    private Builder(String op) {
      this.op = op;
    }

    /** The release the call is about. */
    Builder release(String namespace, String release) {
      this.namespace = namespace;
      this.release = release;
      return this;
    }

    Builder chart(LibraryChart chart) {
      this.chart = chart;
      return this;
    }

    /** Which cluster the call reaches, and how long its API server may stay silent. */
    Builder connectedTo(String kubeConfig, long silenceMillis) {
      this.kubeConfig = kubeConfig;
      this.apiServerSilenceMillis = silenceMillis;
      return this;
    }

    LibraryRequest build() {
      return new LibraryRequest(
          op,
          chart,
          release,
          namespace,
          valueFiles,
          kubeConfig,
          createNamespace,
          forceConflicts,
          maxHistory,
          revision,
          allValues,
          destination,
          newRelease,
          apiServerSilenceMillis,
          callId,
          deadlineMillis);
    }
  }
}

# syntax=docker/dockerfile:1
#
# The swiss image: `swiss serve` (or any swiss command) on a jlink'd Java runtime, as user 65532,
# on a read-only root filesystem with /tmp and /data mounted writable (charts/swiss does this).
#
#   docker build -t REGISTRY/swiss:TAG --build-arg VERSION=TAG --build-arg REVISION="$(git rev-parse HEAD)" .
#
# hack/image builds the same image without a daemon (target/image/swiss-image.tar) and reads the
# last stage's ENV, USER, WORKDIR, EXPOSE, LABEL and ENTRYPOINT from this file, so both agree on
# them; hack/image-test runs that image. The base filesystem and the Java runtime come from
# `hack/image rootfs` and `hack/image jre` in both builds.

ARG GO_IMAGE=golang:1.26-bookworm
ARG NODE_IMAGE=node:20-bookworm-slim
ARG DEBIAN_IMAGE=debian:bookworm
ARG BUSYBOX_IMAGE=busybox:1.36-musl

FROM ${NODE_IMAGE} AS node
FROM ${BUSYBOX_IMAGE} AS busybox

# The jar, as `mvn package` builds it on a workstation: Go compiles the Helm library (hack/helm-native)
# and Node the web UI (hack/web). Debian's JDK, the one hack/image links the runtime from.
FROM ${GO_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jdk-headless maven \
 && rm -rf /var/lib/apt/lists/*
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=node /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    --mount=type=cache,target=/root/.npm \
    --mount=type=cache,target=/root/.cache \
    --mount=type=cache,target=/go/pkg/mod \
    mvn -B -q -DskipTests package
RUN hack/image jre /image/opt/java

# The base: glibc, libstdc++, zlib and the CA bundle from Debian's packages, the nonroot user and
# the mount points, with nothing that could run a shell.
FROM ${DEBIAN_IMAGE} AS rootfs
COPY hack/image /src/hack/image
RUN /src/hack/image rootfs /rootfs

FROM scratch
COPY --from=rootfs /rootfs/ /
COPY --from=build /image/opt/java/ /opt/java/
COPY --from=build /src/target/swiss.jar /app/swiss.jar
# The root filesystem is read-only: caches (chart archives, Helm's, the native libraries JNA and
# SQLite unpack) go to /tmp, an emptyDir in the chart.
ENV PATH=/opt/java/bin:/usr/bin:/bin \
    JAVA_HOME=/opt/java \
    LANG=C.UTF-8 \
    XDG_CACHE_HOME=/tmp/.cache
# The image has no shell; a busybox is mounted for the two steps that need one.
SHELL ["/busybox/sh", "-euc"]

# COPY keeps owners and modes, but not always a copied directory's own nor the sticky bit: /tmp,
# /data and the home directory as hack/image makes them.
RUN --mount=type=bind,from=busybox,source=/bin,target=/busybox \
    /busybox/chmod 1777 /tmp && /busybox/chown 65532:65532 /data /home/nonroot

# The class-data-sharing archive of this jar on this runtime, written by the image's own JVM with
# the ENTRYPOINT's options (a JVM started otherwise refuses it, and so does one that finds the jar
# with another size or modification time: so it is written here, beside the jar it belongs to).
# It halves the start. The training run is hack/cds's, as in hack/image: a `swiss serve` on a
# throwaway config, asked for a few pages, then stopped; the API server it is given does not answer
# (and the client does not retry). The busybox drives it; /tmp is a tmpfs, so nothing else lands in
# the layer.
RUN --mount=type=bind,from=busybox,source=/bin,target=/busybox \
    --mount=type=bind,source=examples,target=/training/examples \
    --mount=type=tmpfs,target=/tmp <<'TRAIN'
export PATH=/busybox
cd /training
printf '%s\n' \
  'apiVersion: v1' \
  'kind: Config' \
  'clusters: [{name: none, cluster: {server: "https://127.0.0.1:9"}}]' \
  'users: [{name: none, user: {token: none}}]' \
  'contexts: [{name: none, context: {cluster: none, user: none}}]' \
  'current-context: none' >/tmp/kubeconfig
printf '%s\n' \
  'catalog: /training/examples/catalog' \
  'cluster:' \
  '  profile: {file: /training/examples/site-demo.yaml}' \
  '  kubeconfig: /tmp/kubeconfig' \
  '  namespaces: [swiss-cds-training]' \
  'server:' \
  '  addr: 127.0.0.1:18080' \
  '  allowDeploy: true' \
  '  database: /tmp/swiss.db' \
  '  auth: {disabled: true}' >/tmp/swiss.yaml
KUBERNETES_REQUEST_RETRY_BACKOFFLIMIT=0 /opt/java/bin/java \
  -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:ArchiveClassesAtExit=/app/swiss.jsa \
  -Xlog:disable -Xlog:all=warning:stderr -Djava.io.tmpdir=/tmp \
  -jar /app/swiss.jar serve --config /tmp/swiss.yaml >/tmp/serve.log 2>&1 &
pid=$!
tries=0
until wget -q -O /dev/null http://127.0.0.1:18080/healthz 2>/dev/null; do
  tries=$((tries + 1))
  if [ "$tries" -gt 600 ]; then cat /tmp/serve.log; exit 1; fi
  sleep 0.1
done
for page in / /readyz /api/session /api/cluster /api/catalog /api/deployments /api/nodes /api/runs; do
  wget -q -O /dev/null "http://127.0.0.1:18080$page" 2>/dev/null || true
done
kill -TERM "$pid"
wait "$pid" || true
if [ ! -s /app/swiss.jsa ]; then cat /tmp/serve.log; exit 1; fi
chmod 0644 /app/swiss.jsa
TRAIN
SHELL ["/bin/sh", "-c"]

ARG VERSION=dev
ARG REVISION=
LABEL org.opencontainers.image.title=swiss \
      org.opencontainers.image.description="A deploy control plane for LLM serving on Kubernetes" \
      org.opencontainers.image.source=https://github.com/modelsphere/swiss \
      org.opencontainers.image.version=${VERSION} \
      org.opencontainers.image.revision=${REVISION}
USER 65532:65532
WORKDIR /app
EXPOSE 8080/tcp
# ./swiss's JVM options with the archive above; -XX:MaxRAMPercentage comes from JAVA_TOOL_OPTIONS.
# The arguments are swiss's: the chart passes `serve --config=/etc/swiss/swiss.yaml --log-level=...`.
ENTRYPOINT ["/opt/java/bin/java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=/app/swiss.jsa", "-Xlog:disable", "-Xlog:all=warning:stderr", "-Djava.io.tmpdir=/tmp", "-jar", "/app/swiss.jar"]

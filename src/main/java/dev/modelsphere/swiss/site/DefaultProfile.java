package dev.modelsphere.swiss.site;

/** The commented starting profile offered for a cluster that has none yet. */
final class DefaultProfile {
  static final String UNNAMED_CLUSTER = "this-cluster";

  private static final String TEMPLATE =
      """
      # Site profile for {{cluster}}: what this cluster adds to every model it runs.
      name: {{cluster}}

      # Releases go here unless a deploy names another namespace.
      namespace: modelforge

      # Where the model catalog lives: an http(s) URL or an absolute path.
      # catalog: https://modelsphere.github.io/model-catalog/

      # Where the engine charts come from: an oci:// registry or an http(s) chart repository.
      # chartRepo: oci://ghcr.io/modelsphere/charts

      registry:
        # Pull engine images through this registry; empty pulls them from where the catalog says.
        mirror: ""

      model:
        # Where weights live on the nodes. Placeholders: {{hf}} (org/name), {{org}}, {{name}},
        # {{model}} (the catalog entry's name). They are expanded per model when a plan is made.
        pathTemplate: /mnt/disk0/models/{{name}}

      cache:
        enabled: false
        # hostPath: /mnt/disk0/cache

      scaler:
        serverAddress: http://decision-gen.llm-scaler.svc:80
        sloAddress: http://slo-api.llm-scaler.svc:80

      route:
        nginxConfigMap: llm-route/openresty-conf
        monitorConfigMap: llm-route/monitor-conf

      nodes:
        # GPUs per node; bounds the model cache slots per node. 0 turns that off.
        gpusPerNode: 8

      # Other sites, offered in the web UI's site switcher.
      # sites:
      #   - name: other-cluster
      #     url: https://swiss.other-cluster.example.com
      """;

  private DefaultProfile() {}

  static String yaml(String cluster) {
    String name = cluster == null || cluster.isBlank() ? UNNAMED_CLUSTER : cluster.strip();
    return TEMPLATE.replace("{{cluster}}", name);
  }
}

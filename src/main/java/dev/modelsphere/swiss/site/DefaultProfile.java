package dev.modelsphere.swiss.site;

/** The commented starting profile offered for a cluster that has none yet. */
final class DefaultProfile {
  static final String UNNAMED_CLUSTER = "this-cluster";

  private static final String TEMPLATE =
      """
      # Site profile for {{cluster}}: what this cluster adds to every model it runs.
      name: {{cluster}}

      # Releases go here unless a deploy names another namespace.
      namespace: models

      # Where the engine charts come from: an http(s) chart repository or an oci:// registry.
      chartRepo: https://modelsphere.github.io/helm-charts

      # The model catalogs this site offers, each an http(s) URL or an absolute path. Without
      # this list the config file's catalog is used (the public catalog unless it names one).
      # catalogs:
      #   - name: public
      #     url: https://modelsphere.github.io/model-catalog/
      #     default: true
      #   - name: internal
      #     url: https://models.example.com/catalog/

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

      # What users' values may change and what the rendered pods may be. Without this section
      # every pod must meet Pod Security "restricted", images come from registry.mirror (from
      # anywhere when it is empty), users may set any key but the container's command, and pods
      # mount no node directory but the model directory and the cache.
      # policy:
      #   podSecurity: restricted      # or baseline
      #   keys:
      #     allow: []                  # when not empty, the only keys users may set
      #     deny: [commandOverride, "**.command", "**.args"]
      #   registries: [ghcr.io/acme]
      #   allow:                       # exceptions, one by one
      #     hostNetwork: false
      #     hostPID: false
      #     hostIPC: false
      #     privileged: false
      #     runAsRoot: false
      #     hostPath: false
      #     hostPaths: []
      #     hostPorts: false
      #     volumeTypes: []
      #     capabilities: []           # e.g. [IPC_LOCK] for RDMA

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

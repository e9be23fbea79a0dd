import { TEMPLATE_EXTENSIONS, type TemplateExtension } from '../../api/templates';

// docs/spec.md 2.12: the new-template editor starts from an example for the chosen extension.
// Each reads the template's inputs the way Drone passes them to that language.

const yaml = `kind: pipeline
type: docker
name: default

steps:
  - name: build
    image: {{ .input.image }}
    commands:
    {{- range .input.commands }}
      - {{ . }}
    {{- end }}
`;

const starlark = `def main(ctx):
  return {
    "kind": "pipeline",
    "type": "docker",
    "name": "default",
    "steps": [
      {
        "name": "build",
        "image": ctx.input.image,
        "commands": ctx.input.commands,
      },
    ],
  }
`;

const jsonnet = `local image = std.extVar("input.image");
local commands = std.extVar("input.commands");

{
  kind: "pipeline",
  type: "docker",
  name: "default",
  steps: [
    {
      name: "build",
      image: image,
      commands: commands,
    },
  ],
}
`;

export const TEMPLATE_EXAMPLES: Record<TemplateExtension, string> = {
  '.jsonnet': jsonnet,
  '.starlark': starlark,
  '.yaml': yaml,
};

export { TEMPLATE_EXTENSIONS, type TemplateExtension };

export function embeddedTemplatePath(): string;
export function writeEmbeddedTemplate(path?: string): Promise<boolean>;
export function embeddedTemplateFor(dataDir: string | undefined, path?: string): Blob | undefined;

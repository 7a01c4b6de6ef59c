import { FileImage } from 'lucide-react';
import { ComingWith } from './coming-with.js';

/** Resources (spec: marketing resources for affiliates); arrives with the marketing resources. */
export function ResourcesTab() {
  return (
    <ComingWith icon={FileImage} title="Marketing resources">
      Marketing resources for affiliates are not available yet: the images, videos, email templates and documents will be managed here.
    </ComingWith>
  );
}

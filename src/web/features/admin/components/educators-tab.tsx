import { GraduationCap } from 'lucide-react';
import { ComingWith } from './coming-with.js';

/** Educators (spec: the education directory's entries); arrives with the education directory. */
export function EducatorsTab() {
  return (
    <ComingWith icon={GraduationCap} title="Educators">
      The education directory is not open yet: the educators it lists will be added and managed here.
    </ComingWith>
  );
}

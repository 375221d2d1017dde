import type { MachineTypeJson } from '@vigil/contracts';
import { createContext, useContext } from 'react';
import type { PickerTarget } from './sensor-use';

/** What the canvas's nodes ask of the editor around them. */
export type EditorActions = {
  types: ReadonlyMap<number, MachineTypeJson>;
  openPicker: (target: PickerTarget) => void;
  /** Opens 'Bind from device…' for a machine node. */
  openTemplate: (nodeId: string) => void;
  /** Removes every connector at a machine's anchor port. */
  clearPort: (nodeId: string, anchorId: number) => void;
};

export const EditorContext = createContext<EditorActions | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorContext);
  if (actions === null) {
    throw new Error('useEditorActions outside the editor');
  }
  return actions;
}

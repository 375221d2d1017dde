-- A tree's device.accessCode is the unit's credential (issue 23; docs/device-protocol.md 'The access code'):
-- the ingest blanks it before storing a tree, and the trees stored before that are blanked here, so that no
-- historical snapshot or latest tree hands it to a browser. The field stays, empty, as new trees carry it.
UPDATE "state_records" SET "tree" = jsonb_set("tree", '{device,accessCode}', '""'::jsonb)
WHERE "tree" -> 'device' ->> 'accessCode' <> '';--> statement-breakpoint
UPDATE "device_state" SET "tree" = jsonb_set("tree", '{device,accessCode}', '""'::jsonb)
WHERE "tree" -> 'device' ->> 'accessCode' <> '';

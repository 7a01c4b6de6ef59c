-- Sessions from before the security tab get the public id it names them by (never their sid).
UPDATE "sessions" SET "sess" = jsonb_set("sess", '{publicId}', to_jsonb(gen_random_uuid()::text)) WHERE NOT ("sess" ? 'publicId');

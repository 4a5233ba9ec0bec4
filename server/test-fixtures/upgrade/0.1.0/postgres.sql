--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: base_sys_conf; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_conf (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "cKey" character varying(100) NOT NULL,
    "cValue" character varying(2000) NOT NULL
);


--
-- Name: base_sys_conf_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_conf_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_conf_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_conf_id_seq OWNED BY public.base_sys_conf.id;


--
-- Name: base_sys_department; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_department (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    name character varying(100) NOT NULL,
    "userId" integer,
    "parentId" integer,
    "orderNum" integer DEFAULT 0 NOT NULL
);


--
-- Name: base_sys_department_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_department_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_department_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_department_id_seq OWNED BY public.base_sys_department.id;


--
-- Name: base_sys_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_log (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "userId" integer,
    action character varying(255) NOT NULL,
    ip character varying(64),
    params text
);


--
-- Name: base_sys_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_log_id_seq OWNED BY public.base_sys_log.id;


--
-- Name: base_sys_menu; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_menu (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "parentId" integer,
    name character varying(100) NOT NULL,
    router character varying(255),
    perms character varying(2000),
    type integer DEFAULT 0 NOT NULL,
    icon character varying(100),
    "orderNum" integer DEFAULT 0 NOT NULL,
    "viewPath" character varying(255),
    "keepAlive" boolean DEFAULT true NOT NULL,
    "isShow" boolean DEFAULT true NOT NULL
);


--
-- Name: base_sys_menu_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_menu_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_menu_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_menu_id_seq OWNED BY public.base_sys_menu.id;


--
-- Name: base_sys_param; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_param (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "keyName" character varying(100) NOT NULL,
    name character varying(100) NOT NULL,
    data text,
    "dataType" integer DEFAULT 0 NOT NULL,
    remark character varying(500)
);


--
-- Name: base_sys_param_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_param_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_param_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_param_id_seq OWNED BY public.base_sys_param.id;


--
-- Name: base_sys_revoked; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_revoked (
    sid character varying(64) NOT NULL,
    "expireAt" bigint NOT NULL
);


--
-- Name: base_sys_role; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_role (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "userId" integer,
    name character varying(100) NOT NULL,
    label character varying(50) NOT NULL,
    remark character varying(500),
    relevance boolean DEFAULT false NOT NULL
);


--
-- Name: base_sys_role_department; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_role_department (
    id integer NOT NULL,
    "roleId" integer NOT NULL,
    "departmentId" integer NOT NULL
);


--
-- Name: base_sys_role_department_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_role_department_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_role_department_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_role_department_id_seq OWNED BY public.base_sys_role_department.id;


--
-- Name: base_sys_role_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_role_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_role_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_role_id_seq OWNED BY public.base_sys_role.id;


--
-- Name: base_sys_role_menu; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_role_menu (
    id integer NOT NULL,
    "roleId" integer NOT NULL,
    "menuId" integer NOT NULL
);


--
-- Name: base_sys_role_menu_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_role_menu_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_role_menu_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_role_menu_id_seq OWNED BY public.base_sys_role_menu.id;


--
-- Name: base_sys_user; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_user (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "departmentId" integer,
    "userId" integer,
    name character varying(100),
    username character varying(100) NOT NULL,
    password character varying(255) NOT NULL,
    "passwordV" integer DEFAULT 1 NOT NULL,
    "nickName" character varying(100),
    "headImg" character varying(500),
    phone character varying(20),
    email character varying(100),
    remark character varying(500),
    status integer DEFAULT 1 NOT NULL,
    "userLevel" character varying(50) DEFAULT 'clerk'::character varying NOT NULL,
    "socketId" character varying(255)
);


--
-- Name: base_sys_user_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_user_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_user_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_user_id_seq OWNED BY public.base_sys_user.id;


--
-- Name: base_sys_user_role; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.base_sys_user_role (
    id integer NOT NULL,
    "userId" integer NOT NULL,
    "roleId" integer NOT NULL
);


--
-- Name: base_sys_user_role_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.base_sys_user_role_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: base_sys_user_role_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.base_sys_user_role_id_seq OWNED BY public.base_sys_user_role.id;


--
-- Name: dict_info; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dict_info (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "typeId" integer NOT NULL,
    name character varying(100) NOT NULL,
    value character varying(500),
    "orderNum" integer DEFAULT 0 NOT NULL,
    remark character varying(500),
    "parentId" integer
);


--
-- Name: dict_info_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.dict_info_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: dict_info_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.dict_info_id_seq OWNED BY public.dict_info.id;


--
-- Name: dict_type; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dict_type (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    name character varying(100) NOT NULL,
    key character varying(100) NOT NULL
);


--
-- Name: dict_type_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.dict_type_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: dict_type_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.dict_type_id_seq OWNED BY public.dict_type.id;


--
-- Name: kysely_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);


--
-- Name: kysely_migration_lock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);


--
-- Name: recycle_data; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.recycle_data (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "entityInfo" text NOT NULL,
    "userId" integer,
    data text NOT NULL,
    related text,
    url character varying(255) NOT NULL,
    params text,
    count integer DEFAULT 1 NOT NULL,
    "restoreTime" character varying(19)
);


--
-- Name: recycle_data_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.recycle_data_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: recycle_data_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.recycle_data_id_seq OWNED BY public.recycle_data.id;


--
-- Name: space_info; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.space_info (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    url character varying(500) NOT NULL,
    type character varying(50) DEFAULT 'other'::character varying NOT NULL,
    "classifyId" integer,
    "fileId" character varying(100),
    name character varying(255) NOT NULL,
    size integer DEFAULT 0 NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    key character varying(500)
);


--
-- Name: space_info_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.space_info_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: space_info_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.space_info_id_seq OWNED BY public.space_info.id;


--
-- Name: space_type; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.space_type (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    name character varying(100) NOT NULL,
    "parentId" integer
);


--
-- Name: space_type_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.space_type_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: space_type_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.space_type_id_seq OWNED BY public.space_type.id;


--
-- Name: task_info; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_info (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "jobId" character varying(100),
    "repeatConf" character varying(1000),
    name character varying(100) NOT NULL,
    cron character varying(100),
    "limit" integer,
    every integer,
    remark character varying(500),
    status integer DEFAULT 1 NOT NULL,
    "startDate" character varying(19),
    "endDate" character varying(19),
    data text,
    service character varying(100) NOT NULL,
    type integer DEFAULT 0 NOT NULL,
    "nextRunTime" character varying(19),
    "taskType" integer DEFAULT 0 NOT NULL,
    "lastExecuteTime" character varying(19),
    "lockExpireTime" character varying(30)
);


--
-- Name: task_info_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.task_info_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: task_info_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.task_info_id_seq OWNED BY public.task_info.id;


--
-- Name: task_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_log (
    id integer NOT NULL,
    "createTime" character varying(19) NOT NULL,
    "updateTime" character varying(19) NOT NULL,
    "taskId" integer NOT NULL,
    status integer DEFAULT 1 NOT NULL,
    detail text,
    duration integer DEFAULT 0 NOT NULL,
    trigger integer DEFAULT 0 NOT NULL
);


--
-- Name: task_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.task_log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: task_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.task_log_id_seq OWNED BY public.task_log.id;


--
-- Name: base_sys_conf id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_conf ALTER COLUMN id SET DEFAULT nextval('public.base_sys_conf_id_seq'::regclass);


--
-- Name: base_sys_department id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_department ALTER COLUMN id SET DEFAULT nextval('public.base_sys_department_id_seq'::regclass);


--
-- Name: base_sys_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_log ALTER COLUMN id SET DEFAULT nextval('public.base_sys_log_id_seq'::regclass);


--
-- Name: base_sys_menu id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_menu ALTER COLUMN id SET DEFAULT nextval('public.base_sys_menu_id_seq'::regclass);


--
-- Name: base_sys_param id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_param ALTER COLUMN id SET DEFAULT nextval('public.base_sys_param_id_seq'::regclass);


--
-- Name: base_sys_role id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role ALTER COLUMN id SET DEFAULT nextval('public.base_sys_role_id_seq'::regclass);


--
-- Name: base_sys_role_department id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role_department ALTER COLUMN id SET DEFAULT nextval('public.base_sys_role_department_id_seq'::regclass);


--
-- Name: base_sys_role_menu id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role_menu ALTER COLUMN id SET DEFAULT nextval('public.base_sys_role_menu_id_seq'::regclass);


--
-- Name: base_sys_user id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_user ALTER COLUMN id SET DEFAULT nextval('public.base_sys_user_id_seq'::regclass);


--
-- Name: base_sys_user_role id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_user_role ALTER COLUMN id SET DEFAULT nextval('public.base_sys_user_role_id_seq'::regclass);


--
-- Name: dict_info id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dict_info ALTER COLUMN id SET DEFAULT nextval('public.dict_info_id_seq'::regclass);


--
-- Name: dict_type id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dict_type ALTER COLUMN id SET DEFAULT nextval('public.dict_type_id_seq'::regclass);


--
-- Name: recycle_data id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recycle_data ALTER COLUMN id SET DEFAULT nextval('public.recycle_data_id_seq'::regclass);


--
-- Name: space_info id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.space_info ALTER COLUMN id SET DEFAULT nextval('public.space_info_id_seq'::regclass);


--
-- Name: space_type id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.space_type ALTER COLUMN id SET DEFAULT nextval('public.space_type_id_seq'::regclass);


--
-- Name: task_info id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_info ALTER COLUMN id SET DEFAULT nextval('public.task_info_id_seq'::regclass);


--
-- Name: task_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_log ALTER COLUMN id SET DEFAULT nextval('public.task_log_id_seq'::regclass);


--
-- Data for Name: base_sys_conf; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_conf VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'seed:menus:base', '1');
INSERT INTO public.base_sys_conf VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'seed:menus:recycle', '1');
INSERT INTO public.base_sys_conf VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'seed:menus:dict', '1');
INSERT INTO public.base_sys_conf VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'seed:menus:space', '1');
INSERT INTO public.base_sys_conf VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'seed:menus:task', '1');


--
-- Data for Name: base_sys_department; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_department VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '总部', NULL, NULL, 0);
INSERT INTO public.base_sys_department VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '门店运营部', NULL, 1, 1);
INSERT INTO public.base_sys_department VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '华东区', NULL, 2, 1);
INSERT INTO public.base_sys_department VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '华南区', NULL, 2, 2);
INSERT INTO public.base_sys_department VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '财务部', NULL, 1, 2);
INSERT INTO public.base_sys_department VALUES (6, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '人力资源部', NULL, 1, 3);
INSERT INTO public.base_sys_department VALUES (7, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'Fixture store', 1, 1, 5);


--
-- Data for Name: base_sys_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_log VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '/admin/base/open/eps', '127.0.0.1', '{}');
INSERT INTO public.base_sys_log VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '/admin/base/open/login', '127.0.0.1', '{"username":"admin","password":"******"}');
INSERT INTO public.base_sys_log VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/department/list', '127.0.0.1', '{}');
INSERT INTO public.base_sys_log VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/department/add', '127.0.0.1', '{"name":"Fixture store","parentId":1,"orderNum":5}');
INSERT INTO public.base_sys_log VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/menu/list', '127.0.0.1', '{}');
INSERT INTO public.base_sys_log VALUES (6, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/role/add', '127.0.0.1', '{"name":"Fixture manager","label":"fixture-manager","remark":"made by the upgrade fixture","relevance":true,"menuIdList":[15,16,17,18,19,20,21,22,23,24,25],"departmentIdList":[7]}');
INSERT INTO public.base_sys_log VALUES (7, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/user/add', '127.0.0.1', '{"username":"fixture0","password":"******","name":"Fixture 0","nickName":"F0","phone":"13800000000","email":"f0@example.com","departmentId":7,"userLevel":"storeManger","roleIdList":[2],"remark":"店长"}');
INSERT INTO public.base_sys_log VALUES (8, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/user/add', '127.0.0.1', '{"username":"fixture1","password":"******","name":"Fixture 1","nickName":"F1","phone":"13800000001","email":"f1@example.com","departmentId":7,"userLevel":"clerk","roleIdList":[2],"remark":null}');
INSERT INTO public.base_sys_log VALUES (9, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/user/add', '127.0.0.1', '{"username":"fixture2","password":"******","name":"Fixture 2","nickName":"F2","phone":"13800000002","email":"f2@example.com","departmentId":7,"userLevel":"clerk","roleIdList":[2],"remark":null}');
INSERT INTO public.base_sys_log VALUES (10, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/user/add', '127.0.0.1', '{"username":"fixture3","password":"******","name":"Fixture 3","nickName":"F3","phone":"13800000003","email":"f3@example.com","departmentId":7,"userLevel":"hr","roleIdList":[2],"remark":null}');
INSERT INTO public.base_sys_log VALUES (11, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/user/delete', '127.0.0.1', '{"ids":[5]}');
INSERT INTO public.base_sys_log VALUES (12, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/param/add', '127.0.0.1', '{"keyName":"fixtureParam","name":"Fixture param","data":"{\"a\":1}","dataType":0,"remark":"fixture"}');
INSERT INTO public.base_sys_log VALUES (13, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/menu/add', '127.0.0.1', '{"parentId":null,"name":"Fixture link","type":1,"router":"/fixture","viewPath":"https://example.com","icon":"icon-menu","orderNum":99,"keepAlive":true,"isShow":false}');
INSERT INTO public.base_sys_log VALUES (14, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/dict/type/add', '127.0.0.1', '{"name":"Fixture dictionary","key":"fixtureDict"}');
INSERT INTO public.base_sys_log VALUES (15, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/dict/info/add', '127.0.0.1', '{"typeId":5,"name":"Parent","value":"p","orderNum":1,"parentId":null}');
INSERT INTO public.base_sys_log VALUES (16, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/dict/info/add', '127.0.0.1', '{"typeId":5,"name":"Child","value":"c","orderNum":2,"parentId":24}');
INSERT INTO public.base_sys_log VALUES (17, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/task/info/add', '127.0.0.1', '{"name":"Fixture task","service":"task:demo","taskType":1,"every":3600000,"status":0,"data":"{}"}');
INSERT INTO public.base_sys_log VALUES (18, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/task/info/once', '127.0.0.1', '{"id":3}');
INSERT INTO public.base_sys_log VALUES (19, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/space/type/add', '127.0.0.1', '{"name":"Fixture files","parentId":null}');
INSERT INTO public.base_sys_log VALUES (20, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/comm/upload', '127.0.0.1', NULL);
INSERT INTO public.base_sys_log VALUES (21, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/space/info/add', '127.0.0.1', '{"url":"/upload/20261125/75b98550-d182-4262-aa0c-33438dd20693.png","type":"image","name":"pixel.png","size":70,"classifyId":1}');
INSERT INTO public.base_sys_log VALUES (22, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/space/info/add', '127.0.0.1', '{"url":"/upload/20261125/75b98550-d182-4262-aa0c-33438dd20693.png","type":"image","name":"pixel copy.png","size":70,"classifyId":1}');
INSERT INTO public.base_sys_log VALUES (23, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/space/info/delete', '127.0.0.1', '{"ids":[1]}');
INSERT INTO public.base_sys_log VALUES (24, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '/admin/base/open/login', '127.0.0.1', '{"username":"fixture1","password":"******"}');
INSERT INTO public.base_sys_log VALUES (25, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '/admin/base/comm/person', '127.0.0.1', '{}');
INSERT INTO public.base_sys_log VALUES (26, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '/admin/base/comm/logout', '127.0.0.1', '{}');
INSERT INTO public.base_sys_log VALUES (27, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/base/sys/log/page', '127.0.0.1', '{"page":1,"size":10}');
INSERT INTO public.base_sys_log VALUES (28, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '/admin/task/info/log', '127.0.0.1', '{"id":"3","page":"1","size":"10"}');


--
-- Data for Name: base_sys_menu; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_menu VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '系统管理', '/sys', NULL, 0, 'icon-system', 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '权限管理', NULL, NULL, 0, 'icon-auth', 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '菜单列表', '/sys/menu', NULL, 1, 'icon-menu', 2, 'modules/base/views/menu/index.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '查询', NULL, 'base:sys:menu:page,base:sys:menu:list,base:sys:menu:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '新增', NULL, 'base:sys:menu:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (6, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '修改', NULL, 'base:sys:menu:info,base:sys:menu:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (7, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '删除', NULL, 'base:sys:menu:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (8, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '导出', NULL, 'base:sys:menu:export', 2, NULL, 5, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (9, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '导入', NULL, 'base:sys:menu:import', 2, NULL, 6, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (10, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '角色列表', '/sys/role', NULL, 1, 'icon-dept', 3, 'modules/base/views/role.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (11, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 10, '查询', NULL, 'base:sys:role:page,base:sys:role:list,base:sys:role:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (12, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 10, '新增', NULL, 'base:sys:role:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (13, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 10, '修改', NULL, 'base:sys:role:info,base:sys:role:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (14, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 10, '删除', NULL, 'base:sys:role:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (15, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '用户列表', '/sys/user', NULL, 1, 'icon-user', 0, 'modules/base/views/user/index.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (16, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '查询', NULL, 'base:sys:user:page,base:sys:user:list,base:sys:user:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (17, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '新增', NULL, 'base:sys:user:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (18, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '修改', NULL, 'base:sys:user:info,base:sys:user:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (19, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '删除', NULL, 'base:sys:user:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (20, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '用户转移', NULL, 'base:sys:user:move', 2, NULL, 5, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (21, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '部门列表', NULL, 'base:sys:department:list', 2, NULL, 6, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (22, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '新增部门', NULL, 'base:sys:department:add', 2, NULL, 7, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (23, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '更新部门', NULL, 'base:sys:department:update', 2, NULL, 8, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (24, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '删除部门', NULL, 'base:sys:department:delete', 2, NULL, 9, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (25, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 15, '部门排序', NULL, 'base:sys:department:order', 2, NULL, 10, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (26, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '参数配置', NULL, NULL, 0, 'icon-params', 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (27, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 26, '参数列表', '/sys/param', NULL, 1, 'icon-menu', 0, 'modules/base/views/param.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (28, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 27, '查询', NULL, 'base:sys:param:page,base:sys:param:list,base:sys:param:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (29, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 27, '新增', NULL, 'base:sys:param:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (30, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 27, '修改', NULL, 'base:sys:param:info,base:sys:param:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (31, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 27, '删除', NULL, 'base:sys:param:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (32, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 27, '网页内容', NULL, 'base:sys:param:html', 2, NULL, 5, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (33, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '监控管理', NULL, NULL, 0, 'icon-monitor', 9, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (34, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 33, '请求日志', '/sys/log', NULL, 1, 'icon-log', 1, 'modules/base/views/log.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (35, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 34, '权限', NULL, 'base:sys:log:page,base:sys:log:clear,base:sys:log:getKeep,base:sys:log:setKeep', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (36, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '数据管理', NULL, NULL, 0, 'icon-data', 7, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (37, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 36, '数据回收站', '/recycle/data', NULL, 1, 'icon-delete', 6, 'modules/recycle/views/data.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (38, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 37, '分页查询', NULL, 'recycle:data:page', 2, NULL, 0, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (39, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 37, '单个信息', NULL, 'recycle:data:info', 2, NULL, 0, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (40, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 37, '恢复数据', NULL, 'recycle:data:restore', 2, NULL, 0, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (41, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 36, '字典管理', '/dict/list', NULL, 1, 'icon-dict', 3, 'modules/dict/views/list.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (42, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 41, '查询', NULL, 'dict:info:page,dict:info:list,dict:info:info,dict:type:page,dict:type:list,dict:type:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (43, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 41, '新增', NULL, 'dict:info:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (44, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 41, '修改', NULL, 'dict:info:info,dict:info:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (45, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 41, '删除', NULL, 'dict:info:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (46, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 41, '类型管理', NULL, 'dict:type:add,dict:type:update,dict:type:delete', 2, NULL, 5, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (47, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 36, '文件管理', '/space/list', NULL, 1, 'icon-log', 5, 'modules/space/views/list.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (48, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 47, '查询', NULL, 'space:info:page,space:info:list,space:info:info,space:type:list,space:type:page,space:type:info', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (49, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 47, '上传', NULL, 'space:info:add', 2, NULL, 2, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (50, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 47, '修改', NULL, 'space:info:info,space:info:update', 2, NULL, 3, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (51, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 47, '删除', NULL, 'space:info:delete', 2, NULL, 4, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (52, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 47, '分类管理', NULL, 'space:type:list,space:type:add,space:type:update,space:type:delete', 2, NULL, 5, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (53, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '通用', NULL, NULL, 0, 'icon-radioboxfill', 99, NULL, true, false);
INSERT INTO public.base_sys_menu VALUES (54, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 53, '图片上传', NULL, 'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add', 2, NULL, 1, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (55, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '任务管理', NULL, NULL, 0, 'icon-activity', 9, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (56, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 55, '任务列表', '/task/list', NULL, 1, 'icon-menu', 0, 'modules/task/views/list.vue', true, true);
INSERT INTO public.base_sys_menu VALUES (57, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 56, '权限', NULL, 'task:info:page,task:info:list,task:info:info,task:info:add,task:info:delete,task:info:update,task:info:stop,task:info:start,task:info:once,task:info:log,task:info:handlers', 2, NULL, 0, NULL, true, true);
INSERT INTO public.base_sys_menu VALUES (58, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, 'Fixture link', '/fixture', NULL, 1, 'icon-menu', 99, 'https://example.com', true, false);


--
-- Data for Name: base_sys_param; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_param VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'storeNotice', '门店公告', '<p>欢迎使用 Backroom 门店后台。</p>', 1, '富文本示例');
INSERT INTO public.base_sys_param VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'discountRule', '折扣规则', '{"maxDiscount":0.2,"memberOnly":true}', 0, 'JSON 示例');
INSERT INTO public.base_sys_param VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'fixtureParam', 'Fixture param', '{"a":1}', 0, 'fixture');


--
-- Data for Name: base_sys_revoked; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_revoked VALUES ('a02cd52f-1997-4458-9d2c-811502ff53f1', 1796862953);


--
-- Data for Name: base_sys_role; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_role VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '超级管理员', 'admin', '拥有全部权限与全部部门的数据权限', true);
INSERT INTO public.base_sys_role VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, 'Fixture manager', 'fixture-manager', 'made by the upgrade fixture', true);


--
-- Data for Name: base_sys_role_department; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_role_department VALUES (1, 2, 7);


--
-- Data for Name: base_sys_role_menu; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_role_menu VALUES (1, 2, 15);
INSERT INTO public.base_sys_role_menu VALUES (2, 2, 16);
INSERT INTO public.base_sys_role_menu VALUES (3, 2, 17);
INSERT INTO public.base_sys_role_menu VALUES (4, 2, 18);
INSERT INTO public.base_sys_role_menu VALUES (5, 2, 19);
INSERT INTO public.base_sys_role_menu VALUES (6, 2, 20);
INSERT INTO public.base_sys_role_menu VALUES (7, 2, 21);
INSERT INTO public.base_sys_role_menu VALUES (8, 2, 22);
INSERT INTO public.base_sys_role_menu VALUES (9, 2, 23);
INSERT INTO public.base_sys_role_menu VALUES (10, 2, 24);
INSERT INTO public.base_sys_role_menu VALUES (11, 2, 25);


--
-- Data for Name: base_sys_user; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_user VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, NULL, '超级管理员', 'admin', 'scrypt$16384$8$1$lmZB+hbFmTUkUIiQ9MwrtQ==$5kWgfGT9HHL6yOKZxg8wgsQ7irVcdpjla6sGMqUq2uA=', 1, '管理员', NULL, NULL, NULL, '拥有最高权限的用户', 1, 'clerk', NULL);
INSERT INTO public.base_sys_user VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 7, 1, 'Fixture 0', 'fixture0', 'scrypt$16384$8$1$UJTaxP0iKe2QOsm+A+4z4w==$0AVFw/kNCnkIQzCEtdFKm+/SgRJJkM30U0qluQ/ospM=', 1, 'F0', NULL, '13800000000', 'f0@example.com', '店长', 1, 'storeManger', NULL);
INSERT INTO public.base_sys_user VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 7, 1, 'Fixture 1', 'fixture1', 'scrypt$16384$8$1$VQnHXE/NgmTewu6+ju7sxw==$BcMNHYFakhktnGVeh6z1cfNfTwWs8mWqwx9GDv7Vlf4=', 1, 'F1', NULL, '13800000001', 'f1@example.com', NULL, 1, 'clerk', NULL);
INSERT INTO public.base_sys_user VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 7, 1, 'Fixture 2', 'fixture2', 'scrypt$16384$8$1$8mJwaCOsafZSqUScjm3WyQ==$MC4pDzpFUIx0/sOt3vZiyWiCEvAvqPS4ir8wt25pMRE=', 1, 'F2', NULL, '13800000002', 'f2@example.com', NULL, 1, 'clerk', NULL);


--
-- Data for Name: base_sys_user_role; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.base_sys_user_role VALUES (1, 1, 1);
INSERT INTO public.base_sys_user_role VALUES (2, 2, 2);
INSERT INTO public.base_sys_user_role VALUES (3, 3, 2);
INSERT INTO public.base_sys_user_role VALUES (4, 4, 2);


--
-- Data for Name: dict_info; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.dict_info VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '生鲜', '1', 1, NULL, NULL);
INSERT INTO public.dict_info VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '水果', '11', 1, NULL, 1);
INSERT INTO public.dict_info VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '蔬菜', '12', 2, NULL, 1);
INSERT INTO public.dict_info VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '肉禽蛋', '13', 3, NULL, 1);
INSERT INTO public.dict_info VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '食品饮料', '2', 2, NULL, NULL);
INSERT INTO public.dict_info VALUES (6, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '休闲零食', '21', 1, NULL, 5);
INSERT INTO public.dict_info VALUES (7, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '酒水饮料', '22', 2, NULL, 5);
INSERT INTO public.dict_info VALUES (8, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '日用百货', '3', 3, NULL, NULL);
INSERT INTO public.dict_info VALUES (9, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '个护美妆', '4', 4, NULL, NULL);
INSERT INTO public.dict_info VALUES (10, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 1, '家电数码', '5', 5, NULL, NULL);
INSERT INTO public.dict_info VALUES (11, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '直营店', 'direct', 1, NULL, NULL);
INSERT INTO public.dict_info VALUES (12, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '加盟店', 'franchise', 2, NULL, NULL);
INSERT INTO public.dict_info VALUES (13, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '社区店', 'community', 3, NULL, NULL);
INSERT INTO public.dict_info VALUES (14, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 2, '旗舰店', 'flagship', 4, NULL, NULL);
INSERT INTO public.dict_info VALUES (15, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '现金', 'cash', 1, NULL, NULL);
INSERT INTO public.dict_info VALUES (16, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '微信支付', 'wechat', 2, NULL, NULL);
INSERT INTO public.dict_info VALUES (17, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '支付宝', 'alipay', 3, NULL, NULL);
INSERT INTO public.dict_info VALUES (18, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '银行卡', 'card', 4, NULL, NULL);
INSERT INTO public.dict_info VALUES (19, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, '会员储值', 'stored', 5, '会员卡余额支付', NULL);
INSERT INTO public.dict_info VALUES (20, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 4, '到店自然客流', 'walkIn', 1, NULL, NULL);
INSERT INTO public.dict_info VALUES (21, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 4, '老客户转介绍', 'referral', 2, NULL, NULL);
INSERT INTO public.dict_info VALUES (22, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 4, '电话邀约', 'phone', 3, NULL, NULL);
INSERT INTO public.dict_info VALUES (23, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 4, '线上活动', 'online', 4, NULL, NULL);
INSERT INTO public.dict_info VALUES (24, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 5, 'Parent', 'p', 1, NULL, NULL);
INSERT INTO public.dict_info VALUES (25, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 5, 'Child', 'c', 2, NULL, 24);


--
-- Data for Name: dict_type; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.dict_type VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '商品分类', 'goodsType');
INSERT INTO public.dict_type VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '门店类型', 'storeType');
INSERT INTO public.dict_type VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '支付方式', 'paymentMethod');
INSERT INTO public.dict_type VALUES (4, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '客户来源', 'customerSource');
INSERT INTO public.dict_type VALUES (5, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'Fixture dictionary', 'fixtureDict');


--
-- Data for Name: kysely_migration; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration VALUES ('20261122000000_base_create-tables', '2026-11-25T00:35:53.281Z');
INSERT INTO public.kysely_migration VALUES ('20261122000300_recycle_create-tables', '2026-11-25T00:35:53.285Z');
INSERT INTO public.kysely_migration VALUES ('20261122000400_dict_create-tables', '2026-11-25T00:35:53.299Z');
INSERT INTO public.kysely_migration VALUES ('20261122000500_task_create-tables', '2026-11-25T00:35:53.305Z');
INSERT INTO public.kysely_migration VALUES ('20261122000600_space_create-tables', '2026-11-25T00:35:53.310Z');


--
-- Data for Name: kysely_migration_lock; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration_lock VALUES ('migration_lock', 0);


--
-- Data for Name: recycle_data; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.recycle_data VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '{"dataSourceName":"default","entity":"BaseSysUserEntity","module":"base","table":"base_sys_user"}', 1, '[{"id":5,"createTime":"2026-11-25 00:35:53","updateTime":"2026-11-25 00:35:53","departmentId":7,"userId":1,"name":"Fixture 3","username":"fixture3","password":"scrypt$16384$8$1$aRlNat0vLYMVDVtqVETMQA==$PsolEXHgEz2m6MNT5v3JfTutTxQ0Wffx5/CNDLwGiWw=","passwordV":1,"nickName":"F3","headImg":null,"phone":"13800000003","email":"f3@example.com","remark":null,"status":1,"userLevel":"hr","socketId":null}]', '[{"table":"base_sys_user_role","rows":[{"id":5,"userId":5,"roleId":2}]}]', '/admin/base/sys/user/delete', '{"ids":[5]}', 1, NULL);
INSERT INTO public.recycle_data VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '{"dataSourceName":"default","entity":"SpaceInfoEntity","module":"space","table":"space_info"}', 1, '[{"id":1,"createTime":"2026-11-25 00:35:53","updateTime":"2026-11-25 00:35:53","url":"/upload/20261125/75b98550-d182-4262-aa0c-33438dd20693.png","type":"image","classifyId":1,"fileId":null,"name":"pixel.png","size":70,"version":1,"key":null}]', '[]', '/admin/space/info/delete', '{"ids":[1]}', 1, NULL);


--
-- Data for Name: space_info; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.space_info VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', '/upload/20261125/75b98550-d182-4262-aa0c-33438dd20693.png', 'image', 1, NULL, 'pixel copy.png', 70, 1, NULL);


--
-- Data for Name: space_type; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.space_type VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 'Fixture files', NULL);


--
-- Data for Name: task_info; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.task_info VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '{"count":0}', '请求日志保留清理', '0 3 * * *', NULL, NULL, '每天 03:00 删除超过保存天数的请求日志', 1, NULL, NULL, NULL, 'base:log-retention', 0, '2026-11-25 03:00:00', 0, NULL, '2026-11-25T03:00:00.000Z');
INSERT INTO public.task_info VALUES (2, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, '{"count":0}', '回收站数据保留清理', '30 3 * * *', NULL, NULL, '每天 03:30 删除超过保存天数的回收站数据', 1, NULL, NULL, NULL, 'recycle:retention', 0, '2026-11-25 03:30:00', 0, NULL, '2026-11-25T03:30:00.000Z');
INSERT INTO public.task_info VALUES (3, '2026-11-25 00:35:53', '2026-11-25 00:35:53', NULL, NULL, 'Fixture task', NULL, NULL, 3600000, NULL, 0, NULL, NULL, '{}', 'task:demo', 1, NULL, 1, '2026-11-25 00:35:53', NULL);


--
-- Data for Name: task_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.task_log VALUES (1, '2026-11-25 00:35:53', '2026-11-25 00:35:53', 3, 1, '{"message":"hello from the demo task","taskId":3}', 0, 1);


--
-- Name: base_sys_conf_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_conf_id_seq', 5, true);


--
-- Name: base_sys_department_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_department_id_seq', 7, true);


--
-- Name: base_sys_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_log_id_seq', 28, true);


--
-- Name: base_sys_menu_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_menu_id_seq', 58, true);


--
-- Name: base_sys_param_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_param_id_seq', 3, true);


--
-- Name: base_sys_role_department_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_role_department_id_seq', 1, true);


--
-- Name: base_sys_role_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_role_id_seq', 2, true);


--
-- Name: base_sys_role_menu_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_role_menu_id_seq', 11, true);


--
-- Name: base_sys_user_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_user_id_seq', 5, true);


--
-- Name: base_sys_user_role_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.base_sys_user_role_id_seq', 5, true);


--
-- Name: dict_info_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.dict_info_id_seq', 25, true);


--
-- Name: dict_type_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.dict_type_id_seq', 5, true);


--
-- Name: recycle_data_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.recycle_data_id_seq', 2, true);


--
-- Name: space_info_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.space_info_id_seq', 2, true);


--
-- Name: space_type_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.space_type_id_seq', 1, true);


--
-- Name: task_info_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.task_info_id_seq', 3, true);


--
-- Name: task_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.task_log_id_seq', 1, true);


--
-- Name: base_sys_conf base_sys_conf_cKey_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_conf
    ADD CONSTRAINT "base_sys_conf_cKey_key" UNIQUE ("cKey");


--
-- Name: base_sys_conf base_sys_conf_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_conf
    ADD CONSTRAINT base_sys_conf_pkey PRIMARY KEY (id);


--
-- Name: base_sys_department base_sys_department_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_department
    ADD CONSTRAINT base_sys_department_pkey PRIMARY KEY (id);


--
-- Name: base_sys_log base_sys_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_log
    ADD CONSTRAINT base_sys_log_pkey PRIMARY KEY (id);


--
-- Name: base_sys_menu base_sys_menu_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_menu
    ADD CONSTRAINT base_sys_menu_pkey PRIMARY KEY (id);


--
-- Name: base_sys_param base_sys_param_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_param
    ADD CONSTRAINT base_sys_param_pkey PRIMARY KEY (id);


--
-- Name: base_sys_revoked base_sys_revoked_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_revoked
    ADD CONSTRAINT base_sys_revoked_pkey PRIMARY KEY (sid);


--
-- Name: base_sys_role_department base_sys_role_department_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role_department
    ADD CONSTRAINT base_sys_role_department_pkey PRIMARY KEY (id);


--
-- Name: base_sys_role_menu base_sys_role_menu_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role_menu
    ADD CONSTRAINT base_sys_role_menu_pkey PRIMARY KEY (id);


--
-- Name: base_sys_role base_sys_role_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_role
    ADD CONSTRAINT base_sys_role_pkey PRIMARY KEY (id);


--
-- Name: base_sys_user base_sys_user_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_user
    ADD CONSTRAINT base_sys_user_pkey PRIMARY KEY (id);


--
-- Name: base_sys_user_role base_sys_user_role_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.base_sys_user_role
    ADD CONSTRAINT base_sys_user_role_pkey PRIMARY KEY (id);


--
-- Name: dict_info dict_info_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dict_info
    ADD CONSTRAINT dict_info_pkey PRIMARY KEY (id);


--
-- Name: dict_type dict_type_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dict_type
    ADD CONSTRAINT dict_type_pkey PRIMARY KEY (id);


--
-- Name: kysely_migration_lock kysely_migration_lock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);


--
-- Name: kysely_migration kysely_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);


--
-- Name: recycle_data recycle_data_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recycle_data
    ADD CONSTRAINT recycle_data_pkey PRIMARY KEY (id);


--
-- Name: space_info space_info_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.space_info
    ADD CONSTRAINT space_info_pkey PRIMARY KEY (id);


--
-- Name: space_type space_type_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.space_type
    ADD CONSTRAINT space_type_pkey PRIMARY KEY (id);


--
-- Name: task_info task_info_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_info
    ADD CONSTRAINT task_info_pkey PRIMARY KEY (id);


--
-- Name: task_log task_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_log
    ADD CONSTRAINT task_log_pkey PRIMARY KEY (id);


--
-- Name: idx_base_sys_department_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_department_createTime" ON public.base_sys_department USING btree ("createTime");


--
-- Name: idx_base_sys_department_parentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_department_parentId" ON public.base_sys_department USING btree ("parentId");


--
-- Name: idx_base_sys_log_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_log_createTime" ON public.base_sys_log USING btree ("createTime");


--
-- Name: idx_base_sys_log_userId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_log_userId" ON public.base_sys_log USING btree ("userId");


--
-- Name: idx_base_sys_menu_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_menu_createTime" ON public.base_sys_menu USING btree ("createTime");


--
-- Name: idx_base_sys_menu_parentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_menu_parentId" ON public.base_sys_menu USING btree ("parentId");


--
-- Name: idx_base_sys_param_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_param_createTime" ON public.base_sys_param USING btree ("createTime");


--
-- Name: idx_base_sys_role_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_role_createTime" ON public.base_sys_role USING btree ("createTime");


--
-- Name: idx_base_sys_role_department_departmentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_role_department_departmentId" ON public.base_sys_role_department USING btree ("departmentId");


--
-- Name: idx_base_sys_role_menu_menuId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_role_menu_menuId" ON public.base_sys_role_menu USING btree ("menuId");


--
-- Name: idx_base_sys_user_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_user_createTime" ON public.base_sys_user USING btree ("createTime");


--
-- Name: idx_base_sys_user_departmentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_user_departmentId" ON public.base_sys_user USING btree ("departmentId");


--
-- Name: idx_base_sys_user_phone; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_base_sys_user_phone ON public.base_sys_user USING btree (phone);


--
-- Name: idx_base_sys_user_role_roleId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_base_sys_user_role_roleId" ON public.base_sys_user_role USING btree ("roleId");


--
-- Name: idx_dict_info_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_dict_info_createTime" ON public.dict_info USING btree ("createTime");


--
-- Name: idx_dict_info_parentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_dict_info_parentId" ON public.dict_info USING btree ("parentId");


--
-- Name: idx_dict_info_typeId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_dict_info_typeId" ON public.dict_info USING btree ("typeId");


--
-- Name: idx_dict_type_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_dict_type_createTime" ON public.dict_type USING btree ("createTime");


--
-- Name: idx_recycle_data_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_recycle_data_createTime" ON public.recycle_data USING btree ("createTime");


--
-- Name: idx_recycle_data_url; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_recycle_data_url ON public.recycle_data USING btree (url);


--
-- Name: idx_recycle_data_userId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_recycle_data_userId" ON public.recycle_data USING btree ("userId");


--
-- Name: idx_space_info_classifyId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_space_info_classifyId" ON public.space_info USING btree ("classifyId");


--
-- Name: idx_space_info_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_space_info_createTime" ON public.space_info USING btree ("createTime");


--
-- Name: idx_space_info_type; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_space_info_type ON public.space_info USING btree (type);


--
-- Name: idx_space_type_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_space_type_createTime" ON public.space_type USING btree ("createTime");


--
-- Name: idx_space_type_parentId; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_space_type_parentId" ON public.space_type USING btree ("parentId");


--
-- Name: idx_task_info_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_task_info_createTime" ON public.task_info USING btree ("createTime");


--
-- Name: idx_task_info_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_task_info_status ON public.task_info USING btree (status);


--
-- Name: idx_task_log_createTime; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_task_log_createTime" ON public.task_log USING btree ("createTime");


--
-- Name: idx_task_log_taskId_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "idx_task_log_taskId_id" ON public.task_log USING btree ("taskId", id);


--
-- Name: uq_base_sys_param_keyName; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX "uq_base_sys_param_keyName" ON public.base_sys_param USING btree ("keyName");


--
-- Name: uq_base_sys_role_department; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_base_sys_role_department ON public.base_sys_role_department USING btree ("roleId", "departmentId");


--
-- Name: uq_base_sys_role_label; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_base_sys_role_label ON public.base_sys_role USING btree (label);


--
-- Name: uq_base_sys_role_menu; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_base_sys_role_menu ON public.base_sys_role_menu USING btree ("roleId", "menuId");


--
-- Name: uq_base_sys_user_role; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_base_sys_user_role ON public.base_sys_user_role USING btree ("userId", "roleId");


--
-- Name: uq_base_sys_user_username; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_base_sys_user_username ON public.base_sys_user USING btree (username);


--
-- Name: uq_dict_type_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX uq_dict_type_key ON public.dict_type USING btree (key);


--
-- PostgreSQL database dump complete
--


